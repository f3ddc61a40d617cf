// The Firebase Auth emulator REST calls the JS SDK makes after connectAuthEmulator(auth, 'http://localhost:4000'),
// answered at the api's root: signInWithCustomToken(auth, user.fb_token) works locally, and the ID token it
// yields (HS256, shared secret) is what the realtime server checks for its per-user rules.
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import type { App } from '../core/http.js';
import {
  findUser,
  idTokenLifetimeS,
  mintFirebaseIdToken,
  mintRefreshToken,
  verifyCustomToken,
  verifyFirebaseIdToken,
  verifyRefreshToken,
} from '../identity/index.js';
import { realtimeAccessEnded } from '../bookings/index.js';

const FirebaseError = Type.Object({
  error: Type.Object({
    code: Type.Integer(),
    message: Type.String(),
    errors: Type.Array(Type.Object({ message: Type.String(), domain: Type.String(), reason: Type.String() })),
  }),
});
const fail = (reply: FastifyReply, message: string) =>
  reply.status(400).send({ error: { code: 400, message, errors: [{ message, domain: 'global', reason: 'invalid' }] } });
const KeyQuery = Type.Object({ key: Type.Optional(Type.String()) }, { additionalProperties: true });

export async function firebaseEmulatorRoutes(app: App) {
  const { ctx } = app;
  const tags = ['firebase-auth-emulator'];
  /** Tokens minted before the user's last logout everywhere or new password no longer work. */
  const revokedFor = (ident: { uid: string; issuedAtMs: number; claims: Record<string, unknown> }) => realtimeAccessEnded(ctx.db, ident);

  app.post(
    '/identitytoolkit.googleapis.com/v1/accounts::signInWithCustomToken',
    {
      schema: {
        tags,
        summary: 'Firebase Auth emulator: signInWithCustomToken (fb_token -> ID token)',
        querystring: KeyQuery,
        body: Type.Object({
          token: Type.String({ minLength: 1, maxLength: 8000 }),
          returnSecureToken: Type.Optional(Type.Boolean()),
          tenantId: Type.Optional(Type.String()),
        }),
        response: {
          200: Type.Object({
            kind: Type.String(),
            idToken: Type.String(),
            refreshToken: Type.String(),
            expiresIn: Type.String(),
            isNewUser: Type.Boolean(),
          }),
          400: FirebaseError,
        },
      },
    },
    async (req, reply) => {
      let ident;
      try {
        ident = await verifyCustomToken(ctx.firebaseSecret, req.body.token);
      } catch {
        return fail(reply, 'INVALID_CUSTOM_TOKEN');
      }
      if (await revokedFor(ident)) return fail(reply, 'INVALID_CUSTOM_TOKEN');
      return {
        kind: 'identitytoolkit#VerifyCustomTokenResponse',
        idToken: await mintFirebaseIdToken(ctx.firebaseSecret, ctx.firebaseProjectId, ident),
        refreshToken: await mintRefreshToken(ctx.firebaseSecret, ident),
        expiresIn: String(idTokenLifetimeS(ident.claims)),
        isNewUser: false,
      };
    },
  );

  app.post(
    '/securetoken.googleapis.com/v1/token',
    {
      schema: {
        tags,
        summary: 'Firebase Auth emulator: refresh an ID token (form-urlencoded grant_type=refresh_token)',
        querystring: KeyQuery,
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: Type.Object({ grant_type: Type.Literal('refresh_token'), refresh_token: Type.String({ minLength: 1, maxLength: 8000 }) }),
        response: {
          200: Type.Object({
            access_token: Type.String(),
            expires_in: Type.String(),
            token_type: Type.String(),
            refresh_token: Type.String(),
            id_token: Type.String(),
            user_id: Type.String(),
            project_id: Type.String(),
          }),
          400: FirebaseError,
        },
      },
    },
    async (req, reply) => {
      let ident;
      try {
        ident = await verifyRefreshToken(ctx.firebaseSecret, req.body.refresh_token);
      } catch {
        return fail(reply, 'INVALID_REFRESH_TOKEN');
      }
      if (await revokedFor(ident)) return fail(reply, 'TOKEN_EXPIRED');
      const idToken = await mintFirebaseIdToken(ctx.firebaseSecret, ctx.firebaseProjectId, ident);
      return {
        access_token: idToken,
        expires_in: String(idTokenLifetimeS(ident.claims)),
        token_type: 'Bearer',
        refresh_token: req.body.refresh_token,
        id_token: idToken,
        user_id: ident.uid,
        project_id: ctx.firebaseProjectId,
      };
    },
  );

  app.post(
    '/identitytoolkit.googleapis.com/v1/accounts::lookup',
    {
      schema: {
        tags,
        summary: 'Firebase Auth emulator: account lookup by ID token',
        querystring: KeyQuery,
        body: Type.Object({ idToken: Type.String({ minLength: 1, maxLength: 8000 }) }),
        response: {
          200: Type.Object({
            kind: Type.String(),
            users: Type.Array(
              Type.Object({
                localId: Type.String(),
                email: Type.Optional(Type.String()),
                emailVerified: Type.Boolean(),
                displayName: Type.Optional(Type.String()),
                providerUserInfo: Type.Array(Type.Unknown()),
                createdAt: Type.String(),
                lastLoginAt: Type.String(),
                lastRefreshAt: Type.String(),
                customAuth: Type.Boolean(),
              }),
            ),
          }),
          400: FirebaseError,
        },
      },
    },
    async (req, reply) => {
      let claims;
      try {
        claims = await verifyFirebaseIdToken(ctx.firebaseSecret, ctx.firebaseProjectId, req.body.idToken);
      } catch {
        return fail(reply, 'INVALID_ID_TOKEN');
      }
      if (claims.haven_room_role === 'provider') {
        // A provider in a session room has no account here: the room token is their whole identity.
        const at = String(Date.now());
        return {
          kind: 'identitytoolkit#GetAccountInfoResponse',
          users: [
            {
              localId: claims.user_id,
              emailVerified: false,
              providerUserInfo: [],
              createdAt: at,
              lastLoginAt: at,
              lastRefreshAt: new Date().toISOString(),
              customAuth: true,
            },
          ],
        };
      }
      const user = await findUser(ctx.db, 'firebaseid', claims.user_id);
      if (!user) return fail(reply, 'USER_NOT_FOUND');
      const created = new Date(user.email ? Date.now() - 86_400_000 : Date.now()).getTime();
      return {
        kind: 'identitytoolkit#GetAccountInfoResponse',
        users: [
          {
            localId: user.firebaseid,
            ...(user.email ? { email: user.email } : {}),
            emailVerified: user.is_verified,
            displayName: `${user.first_name} ${user.last_name}`.trim() || undefined,
            providerUserInfo: [],
            createdAt: String(created),
            lastLoginAt: String(Date.now()),
            lastRefreshAt: new Date().toISOString(),
            customAuth: true,
          },
        ],
      };
    },
  );
}
