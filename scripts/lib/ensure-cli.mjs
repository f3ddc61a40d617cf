// `node scripts/lib/ensure-cli.mjs`: install pnpm and the workspace dependencies when missing.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './ensure.mjs';

ensureDependencies(join(dirname(fileURLToPath(import.meta.url)), '../..'));
