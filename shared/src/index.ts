// The public surface of the shared core (`@haven/shared`), a Module Federation singleton.
// Explicit named exports only; see docs/contracts.md for why this one entry exists.

// --- config ---

// --- credentials, api client ---

// --- state ---

// --- events ---

// --- realtime ---

// --- rules ---

// --- ui ---

// --- auth flows ---
