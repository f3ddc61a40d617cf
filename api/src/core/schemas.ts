// Shared TypeBox schemas. Field names follow the product spec exactly.
import { Type, type TSchema } from '@sinclair/typebox';
import { PROFILE_RELATIONSHIPS } from '@haven/rules';

export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
/** One of the given strings (an enum as a union of literals, so the OpenAPI contract lists them). */
export const Literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));
/** The body field of every way in that can create an account (e-mail, one-time code, Google, Apple, Facebook). */
export const ReferralCode = Type.Optional(
  Type.String({
    maxLength: 32,
    description:
      "the code of the friend's referral link this visit came through: a new account counts for its owner; an unknown code is ignored",
  }),
);

const ErrorBodySchema = Type.Object(
  {
    success: Type.Literal(false),
    statusCode: Type.Integer(),
    error: Type.String({ description: 'HTTP reason phrase' }),
    message: Type.String({ description: 'What was wrong, e.g. "body/email must be string"' }),
    errors: Type.Array(Type.String(), { description: 'devise_token_auth style list of messages' }),
    request_id: Type.String(),
    is_device_logged_out: Type.Optional(Type.Boolean()),
    code: Type.Optional(Type.String({ description: 'machine-readable kind, e.g. rate_limited (429, with the Retry-After header)' })),
    retry_after: Type.Optional(Type.Integer({ description: 'seconds, as in the Retry-After header' })),
    tries_left: Type.Optional(
      Type.Integer({ description: 'a refused password: tries left before sign-in is paused (only when few are left)' }),
    ),
    locked: Type.Optional(Type.Boolean({ description: 'a 429 of a paused sign-in: a one-time code or a password reset still works' })),
  },
  { $id: 'ErrorBody', additionalProperties: true },
);
export const ErrorBody = Type.Ref(ErrorBodySchema);

export const Success = Type.Object({ success: Type.Boolean(), message: Type.Optional(Type.String()) });
/** The answer to asking for a one-time code that confirms an account action: where it was sent. */
export const CodeSent = Type.Object({ success: Type.Literal(true), sent_to: Type.String(), channel: Type.String() });

const UserSchema = Type.Object(
  {
    id: Type.Integer(),
    uuid: Type.String(),
    uid: Type.String({ description: 'devise_token_auth uid (the e-mail, else the uuid)' }),
    provider: Type.String({ description: 'devise_token_auth provider: email' }),
    firebaseid: Type.String(),
    fb_token: Type.String({ description: 'Firebase custom token for signInWithCustomToken' }),
    usertype: Type.String(),
    email: Nullable(Type.String()),
    mobile: Nullable(Type.String()),
    country_code: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
    name: Type.String(),
    gender: Nullable(Type.String()),
    date_of_birth: Nullable(Type.String()),
    organisation_id: Nullable(Type.Integer()),
    organisation_name: Nullable(Type.String()),
    organisation_uuid: Nullable(Type.String()),
    is_verified: Type.Boolean(),
    is_first_time_haven_user: Type.Boolean(),
    is_cf_user: Type.Boolean(),
    is_secondary_profile: Type.Boolean(),
    relationship: Type.Optional(
      Nullable(
        Type.Union(
          PROFILE_RELATIONSHIPS.map((r) => Type.Literal(r)),
          { description: "who a secondary profile is for, from the account holder's side; null for the holder, or not said" },
        ),
      ),
    ),
    timezone: Type.Optional(Nullable(Type.String({ description: "IANA time zone the patient chose; null: the browser's" }))),
    avatar_url: Type.Optional(
      Nullable(Type.String({ description: 'An image in the avatar folder of the asset host; null: the default avatar (initials)' })),
    ),
  },
  { $id: 'User' },
);
export const User = Type.Ref(UserSchema);

/** What a patient abroad pays (their location international), when the provider has such a price. */
const InternationalPrice = Type.Optional(
  Nullable(
    Type.Object(
      { amount: Type.Number(), currency: Type.String() },
      { description: 'the price for a patient whose location is international' },
    ),
  ),
);
const FeeOffering = Type.Object({
  offering_couple: Type.Boolean(),
  minimum_fee: Type.Number(),
  display_text: Type.String(),
  international_pricing_display_text: Type.String(),
  international_price: InternationalPrice,
});
export const Offering = Nullable(
  Type.Object({
    minimum_fee: Type.Number(),
    currency: Type.String(),
    display_text: Type.String(),
    international_pricing_display_text: Type.String(),
    international_price: InternationalPrice,
    couple: Nullable(FeeOffering),
  }),
);

/** Product rules, Providers and fees: Offer: a discount amount with its currency, or a percentage. */
export const ProviderOffer = Nullable(
  Type.Object({
    discount_amount: Nullable(Type.Object({ value: Type.Number(), currency: Type.String() })),
    discount_amount_currency: Nullable(Type.String()),
    discount_percentage: Nullable(Type.Number()),
  }),
);

export const ProviderSummarySchema = Type.Object(
  {
    uuid: Type.String(),
    firstname: Type.String(),
    lastname: Type.String(),
    roles: Type.Array(Type.String()),
    gender: Type.String(),
    languages: Type.Array(Type.String()),
    price_tier: Type.Integer(),
    concerns: Type.Array(Type.String()),
    earliest_available_datetime: Nullable(Type.String({ description: 'ISO 8601, UTC' })),
    online_offering: Offering,
    offline_offering: Offering,
    commercials: Nullable(Type.Object({ medium: Type.String() })),
    clinic_centre_ids: Type.Array(Type.Integer()),
    experience_years: Type.Integer(),
    is_support_provider: Type.Boolean(),
    offer: ProviderOffer,
  },
  { $id: 'ProviderSummary' },
);
export const ProviderSummary = Type.Ref(ProviderSummarySchema);
/** What a patient reads on a testimonial: a label (never the writer's name), the words, the stars. */
export const ProviderTestimonial = Type.Object({
  author_label: Type.String(),
  body: Type.String(),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  published_at: Type.String({ description: 'ISO 8601, UTC' }),
});
/** What a patient chooses a provider by, on the list's card and on the profile. */
export const ProviderCardFields = Type.Object({
  avatar_url: Nullable(
    Type.String({
      description: "The portrait: the provider's image or the default avatar, in the avatar folder of the asset host; null: no asset host",
    }),
  ),
  qualification: Nullable(Type.String({ description: 'Highest qualification, as the provider states it' })),
  registration: Nullable(
    Type.Object({ council: Type.String(), number: Type.String() }, { description: 'Registration with a professional council' }),
  ),
  approach: Nullable(Type.String({ description: 'How they work, in one line' })),
  next_free_times: Type.Array(Type.String({ description: 'ISO 8601, UTC' }), {
    maxItems: 3,
    description: 'The next free session starts (at most three), earliest first',
  }),
  testimonials: Type.Array(ProviderTestimonial, { description: 'What patients say, newest first (none where there are none)' }),
  covered_by: Nullable(
    Type.String({
      description:
        'The company whose package covers a session with this provider for the signed-in patient (the session costs them 0); null: they pay',
    }),
  ),
});
export const ProviderCardSchema = Type.Composite([ProviderSummarySchema, ProviderCardFields], { $id: 'ProviderCard' });
export const ProviderCard = Type.Ref(ProviderCardSchema);
export const ProviderDetail = Type.Composite([ProviderCardSchema, Type.Object({ bio: Type.String(), timezone: Type.String() })]);

const BookingSchema = Type.Object(
  {
    uuid: Type.String(),
    status: Type.String({
      description:
        'suggested | pending | confirmed | completed | no_show | cancelled | expired (a payment hold that lapsed); the lifecycle table: api/README.md "Booking lifecycle"',
    }),
    start_time: Type.String(),
    end_time: Type.String(),
    mode: Type.String({ description: 'online | offline' }),
    session_type: Type.String({ description: 'individual | couple | ancillary_assessment' }),
    // Optional in the contract so clients and fixtures written before it still type-check; always sent.
    duration_minutes: Type.Optional(Type.Integer({ description: "session length in minutes, one of the provider's offered durations" })),
    fee: Type.Number({ description: 'the price to pay (the total of price_lines): what is charged, invoiced and refunded' }),
    currency: Type.String(),
    // Optional in the contract (fixtures written before them still type-check); always sent.
    list_price: Type.Optional(Type.Number({ description: 'the session fee before any discount' })),
    price_lines: Type.Optional(
      Type.Array(
        Type.Object({
          kind: Type.String({ description: 'list | schedule_discount | offer | coupon | package' }),
          label: Type.String(),
          amount: Type.Number(),
        }),
        { description: 'how the price adds up (discounts negative); they sum to fee' },
      ),
    ),
    hold_until: Type.Optional(Nullable(Type.String({ description: 'a pending booking holds its slot until then for its payment' }))),
    clinic_centre_id: Nullable(Type.Integer()),
    cancel_reason: Nullable(Type.String()),
    provider: Type.Object({ firstname: Type.String(), lastname: Type.String(), uuid: Type.String(), roles: Type.Array(Type.String()) }),
  },
  { $id: 'Booking' },
);
export const Booking = Type.Ref(BookingSchema);

export const Uuid = Type.String({ format: 'uuid' });

/** Bounds for path and query parameters: a page number far past any data is a 400, not an SQL overflow. */
export const MAX_PAGE = 100_000;
export const Page = Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, description: `1-based page, at most ${MAX_PAGE}` });
/** Applied by app.ts to path/query integers and strings that set no bound of their own (PostgreSQL int4, a sane length). */
export const PARAM_INTEGER_BOUNDS = { minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;
export const PARAM_MAX_LENGTH = 1000;

/** Schemas registered once (app.addSchema) and referenced by $ref: components in the OpenAPI document. */
export const SHARED_SCHEMAS = [ErrorBodySchema, UserSchema, ProviderSummarySchema, ProviderCardSchema, BookingSchema];

/** The fields of the ways in (devise, one-time codes, partners): an e-mail, a password, a national number. */
export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Password = Type.String({ minLength: 8, maxLength: 128 });
export const NationalMobile = Type.String({
  pattern: '^[0-9]{6,14}$',
  description: 'national number, digits only (a trunk 0 is understood); with country_code it is one E.164 number',
});
export const CountryCode = Type.String({ pattern: '^[0-9]{1,4}$', description: 'calling code without +; default 91' });
