import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jest 30 + jsdom + react-router 7 need these globals (see TOOLCHAIN.md).
Object.assign(globalThis, { TextEncoder, TextDecoder });
