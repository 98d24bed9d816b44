/**
 * The webhook receiver of `npm run bench:monitors` / `bench:soak`, in a process of its own so
 * the bench can SIGKILL it and start it again on the same port. It answers 500 to the first try
 * of a third of the webhook ids (chosen by a hash of the id, so a restarted receiver keeps the
 * same choice) and 204 otherwise. Every request is appended to the log file *before* the answer
 * is sent: `{id, at, status}` per line, `at` in ms since the epoch. A restart re-reads the log
 * to know which ids it has seen already.
 * argv: port logFile
 */
import fs from 'node:fs';
import http from 'node:http';
import { createHash } from 'node:crypto';

const port = Number(process.argv[2]);
const logFile = process.argv[3];
const seen = new Set<string>();
if (fs.existsSync(logFile)) {
  for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
    if (line) seen.add((JSON.parse(line) as { id: string }).id);
  }
}
const failsFirstTry = (id: string) => createHash('sha256').update(id).digest().readUInt32BE(0) % 3 === 0;

const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const id = String(req.headers['webhook-id'] ?? '');
    const status = !seen.has(id) && failsFirstTry(id) ? 500 : 204;
    seen.add(id);
    fs.appendFileSync(logFile, JSON.stringify({ id, at: Date.now(), status }) + '\n');
    res.writeHead(status).end();
  });
});
server.keepAliveTimeout = 30_000;
server.listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
