// Component tests use the jest-dom matchers (registered in jest/setup-web.ts).
/// <reference types="@testing-library/jest-dom" />
