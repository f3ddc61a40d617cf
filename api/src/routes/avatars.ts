// The development asset host's avatar folder (product rules, Validation: an avatar is the default avatar or an image in
// the avatar folder on the asset host). Off production the api stands in for the asset host, as it
// does for Google and the partners; production names a real one (HAVEN_ASSET_HOST, runtime config
// `assetHost`). Outside the /api/v1 prefix: the path is the folder's own, /avatars/<file>.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Type } from '@sinclair/typebox';
import { notFound, type App } from '../core/http.js';
import { AVATAR_FOLDER } from '@haven/rules';

const FOLDER = fileURLToPath(new URL('../../assets/avatars/', import.meta.url));
/** One file directly in the folder: no separators, no leading dot (the avatar rule's own test). */
const FILE = '^[A-Za-z0-9_-][A-Za-z0-9._-]*\\.(png|webp)$';
/** Uploaded photos are PNG; the demo providers' portraits and the default avatar are WebP (small, sized for the card). */
const TYPES: Record<string, string> = { png: 'image/png', webp: 'image/webp' };

export async function avatarRoutes(app: App) {
  app.get(
    `${AVATAR_FOLDER}:file`,
    {
      schema: {
        hide: true,
        params: Type.Object({ file: Type.String({ pattern: FILE, maxLength: 100 }) }),
        response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) },
      },
    },
    async (req, reply) => {
      let bytes: Buffer;
      try {
        bytes = await readFile(`${FOLDER}${req.params.file}`);
      } catch {
        throw notFound(`No avatar ${req.params.file}`);
      }
      // An <img> on the site's own origin loads it (same site: localhost); public, never personal.
      reply
        .header('content-type', TYPES[req.params.file.slice(req.params.file.lastIndexOf('.') + 1)]!)
        .header('cache-control', 'public, max-age=3600')
        .header('cross-origin-resource-policy', 'cross-origin');
      return reply.send(bytes);
    },
  );
}
