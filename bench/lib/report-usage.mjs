// Preloaded (`node --import`) into each benchmarked process: at exit, prints the process's peak
// resident memory (worker threads included) on stderr for bench/lib/side-by-side.ts.
import { writeSync } from 'node:fs';

process.on('exit', () => {
  writeSync(2, `\nBENCH_USAGE ${JSON.stringify({ maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
});
