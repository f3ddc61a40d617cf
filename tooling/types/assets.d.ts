// Style imports are handled by webpack (style-loader) and stubbed in jest.
declare module '*.css';
