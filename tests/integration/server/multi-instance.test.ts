// Three app servers on one stand-in (PGlite, or PostgreSQL on the postgres lane): shared state in Postgres.
import { multiInstanceSuite } from './multi-instance-suite.js';

multiInstanceSuite({ redisUrl: null });
