// Communities opened and joined: the community profile (a username of my own) and its username check,
// one community with whether I joined, joining and leaving. Only where the plan shows communities.
import { Type } from '@sinclair/typebox';
import { USERNAME_MAX } from '@haven/rules';
import { HttpError, type App } from '../core/http.js';
import { limitsOf } from '../core/limits.js';
import { ErrorBody, Nullable } from '../core/schemas.js';
import { communityDetail, communityProfileOf, joinCommunity, leaveCommunity, saveCommunityProfile, usernameCheck } from '../care/index.js';
import { visibilityOf } from '../providers/index.js';

const auth = { auth: true };
const Slug = Type.Object({ slug: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }) });
const Username = Type.String({ minLength: 1, maxLength: USERNAME_MAX + 10 });
const Profile = Type.Object({ username: Type.String(), created_at: Type.String() });
const Community = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
  member_count: Type.Integer(),
  joined: Type.Boolean(),
});

export async function communityRoutes(app: App) {
  const db = app.ctx.db;
  /**
   * Each answer says whether a name is someone's handle: counted per account (the holder and its
   * profiles together) and per client address before the name is looked up.
   */
  const countUsernameLookup = (req: { user: { id: number }; ip: string }) =>
    limitsOf(app.ctx).takeAll([
      ['community_username_address', req.ip],
      ['community_username_user', String(req.user.id)],
    ]);
  /** 403 when the account's plan does not show communities. */
  const shown = async (user: { id: number; organisation_id: number | null }) => {
    if (!(await visibilityOf(db, user)).showcommunities)
      throw new HttpError(403, 'Communities are not part of your plan.', { code: 'not_in_plan' });
  };

  app.get(
    '/communities/profile',
    {
      config: auth,
      schema: {
        tags: ['communities'],
        summary: 'My community profile (null: none yet)',
        response: { 200: Type.Object({ data: Nullable(Profile) }) },
      },
    },
    async (req) => ({ data: await communityProfileOf(db, req.actor.id) }),
  );

  app.put(
    '/communities/profile',
    {
      config: auth,
      schema: {
        tags: ['communities'],
        summary: 'Create or rename my community profile (409: the username is taken)',
        body: Type.Object({ username: Username }),
        response: { 200: Type.Object({ data: Profile }), 403: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (req) => {
      await shown(req.user);
      await countUsernameLookup(req);
      return { data: await saveCommunityProfile(db, req.actor.id, req.body.username) };
    },
  );

  app.get(
    '/communities/username_check',
    {
      config: auth,
      schema: {
        tags: ['communities'],
        summary: 'May I use this community username? (message says why not)',
        querystring: Type.Object({ username: Username }),
        response: { 200: Type.Object({ available: Type.Boolean(), message: Nullable(Type.String()) }) },
      },
    },
    async (req) => {
      await countUsernameLookup(req);
      return usernameCheck(db, req.actor.id, req.query.username);
    },
  );

  app.get(
    '/communities/:slug',
    {
      config: auth,
      schema: {
        tags: ['communities'],
        summary: 'One community, with whether I joined',
        params: Slug,
        response: { 200: Type.Object({ data: Community }), 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      await shown(req.user);
      return { data: await communityDetail(db, req.params.slug, req.actor.id) };
    },
  );

  app.post(
    '/communities/:slug/members',
    {
      config: auth,
      schema: {
        tags: ['communities'],
        summary: 'Join a community (once; 422 without a community profile)',
        params: Slug,
        response: { 200: Type.Object({ data: Community }), 403: ErrorBody, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (req) => {
      await shown(req.user);
      return { data: await joinCommunity(db, req.params.slug, req.actor.id) };
    },
  );

  app.delete(
    '/communities/:slug/members',
    {
      config: auth,
      schema: {
        tags: ['communities'],
        summary: 'Leave a community',
        params: Slug,
        response: { 200: Type.Object({ data: Community }), 404: ErrorBody },
      },
    },
    async (req) => ({ data: await leaveCommunity(db, req.params.slug, req.actor.id) }),
  );
}
