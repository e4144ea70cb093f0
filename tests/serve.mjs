// A static server for a directory on a free port of 127.0.0.1 (python's http.server), for the
// browser tests, the package test and the page benchmark.
import { spawn } from "node:child_process";

const CORS_SERVER = `
import http.server, sys
class Handler(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(f"Serving HTTP on 127.0.0.1 port {server.server_address[1]}", flush=True)
server.serve_forever()
`;

/**
 * Serves `dir`; resolves to `{base, stop}` with the base URL. Its request log (stderr) is not
 * piped: nobody would read it, and once a pipe's buffer (64 KiB, a few hundred requests) is
 * full the server blocks on its next log line — every page after that waits forever.
 */
export function serveDirectory(dir, { cors = false } = {}) {
  // With `cors`, every answer allows any origin, as a public host of the page does (a board
  // element on another site loads js/embed.js from it as a module script).
  const args = cors ? ["-u", "-c", CORS_SERVER] : ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1"];
  const server = spawn("python3", args, {
    cwd: dir,
    stdio: ["ignore", "pipe", "ignore"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`no port from http.server: ${out}`)), 10_000);
    server.stdout.on("data", (chunk) => {
      out += chunk;
      const m = /port (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ base: `http://127.0.0.1:${m[1]}/`, stop: () => server.kill() });
      }
    });
    server.on("exit", (code) => reject(new Error(`http.server exited with ${code}: ${out}`)));
  });
}
