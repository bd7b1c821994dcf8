// Scripts whose tooling arrives with a later issue say so plainly and fail, rather than
// pretending to have run.
const what = process.argv[2] ?? 'this script';
console.error(`leadkit: '${what}' arrives with the delivery issue (#3); nothing was run.`);
process.exit(1);
