// No favicon request (a 404 would be a console error the runner counts).
export const metadata = { title: 'Next.js host', icons: { icon: 'data:,' } };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
