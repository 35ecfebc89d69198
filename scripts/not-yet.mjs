// Placeholder for scripts whose real work lands with later issues; it says so plainly and fails.
const what = process.argv[2] ?? 'this script';
const plans = {
  start: 'the app server and local stack (see the "App server and npm start" issue)',
  dev: 'the app server with hot reload (see the "App server and npm start" issue)',
  bench: 'the benchmarks under tests/bench/ (each issue adds its own)',
};
console.error(`npm run ${what}: not there yet. It will run ${plans[what] ?? 'its real work'} once that lands.`);
process.exit(1);
