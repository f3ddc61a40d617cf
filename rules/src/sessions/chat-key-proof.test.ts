import {
  CHAT_KEY_PROOF_AUDIENCE,
  CHAT_KEY_PROOF_ISSUER,
  chatKeyProofProblem,
  chatKeyThumbprintInput,
  chatPublicKeyOf,
  type ChatKeyExpectation,
} from './chat-key-proof';

const expected: ChatKeyExpectation = { room: 'room-a', role: 'patient', jkt: 'thumb-a' };
const claims = { iss: CHAT_KEY_PROOF_ISSUER, aud: CHAT_KEY_PROOF_AUDIENCE, room: 'room-a', role: 'patient', jkt: 'thumb-a', iat: 1 };

describe('chatKeyProofProblem: a proof vouches only for the key, room and side it names', () => {
  it.each([
    ['the proof of this key, this room, this side', claims, null],
    ["another session's proof", { ...claims, room: 'room-b' }, 'another_room'],
    ["the other side's proof", { ...claims, role: 'provider' }, 'another_role'],
    ['a proof of another key', { ...claims, jkt: 'thumb-b' }, 'another_key'],
    ['another kind of api token', { ...claims, iss: 'haven-api/room-link' }, 'not_a_proof'],
    ['a token for another purpose', { ...claims, aud: 'haven-api/proof' }, 'not_a_proof'],
    ['no room named', { iss: CHAT_KEY_PROOF_ISSUER, aud: CHAT_KEY_PROOF_AUDIENCE, role: 'patient', jkt: 'thumb-a' }, 'another_room'],
    ['nothing', null, 'not_a_proof'],
    ['a string', 'room-a', 'not_a_proof'],
  ])('%s', (_case, given, problem) => {
    expect(chatKeyProofProblem(given, expected)).toBe(problem);
  });
});

describe('chatPublicKeyOf: only a P-256 public key as published', () => {
  const x = 'jdAzGycHcCdu6dt3Kk01C-L5sj1Wy-N5ptBP-Cq8cVA';
  const y = 'GpZ-rUcQt6KSczOOOJMaObqny2aRLtjf5oYwkkviMlk';
  it('keeps the four members of a public key and drops anything else', () => {
    expect(chatPublicKeyOf({ kty: 'EC', crv: 'P-256', x, y, ext: true, key_ops: [] })).toEqual({ kty: 'EC', crv: 'P-256', x, y });
  });
  it.each([
    ['a private key', { kty: 'EC', crv: 'P-256', x, y, d: x }],
    ['another curve', { kty: 'EC', crv: 'P-384', x, y }],
    ['a short coordinate', { kty: 'EC', crv: 'P-256', x: x.slice(1), y }],
    ['a number', { kty: 'EC', crv: 'P-256', x: 1, y }],
    ['nothing', null],
  ])('refuses %s', (_case, value) => {
    expect(chatPublicKeyOf(value)).toBeNull();
  });
  it("the thumbprint's input is RFC 7638's: required members in order, no spaces", () => {
    expect(chatKeyThumbprintInput({ kty: 'EC', crv: 'P-256', x, y })).toBe(`{"crv":"P-256","kty":"EC","x":"${x}","y":"${y}"}`);
  });
});
