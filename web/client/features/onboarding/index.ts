export { default as ProfilingPage } from './routes/profiling-page.js';
