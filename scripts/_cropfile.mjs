import { PNG } from 'pngjs';
import fs from 'node:fs';
const [file, x, y, w, h, s = '2', out = '/tmp/cropfile.png'] = process.argv.slice(2);
const src = PNG.sync.read(fs.readFileSync(file));
const X = +x, Y = +y, W = Math.min(+w, src.width - X), H = Math.min(+h, src.height - Y), S = +s;
const o = new PNG({ width: W * S, height: H * S });
for (let yy = 0; yy < H * S; yy++) for (let xx = 0; xx < W * S; xx++) { const si = ((Y + Math.floor(yy / S)) * src.width + X + Math.floor(xx / S)) * 4, di = (yy * W * S + xx) * 4; for (let k = 0; k < 4; k++) o.data[di + k] = src.data[si + k]; }
fs.writeFileSync(out, PNG.sync.write(o));
console.log(src.width, src.height);
