export * from './app-config.ts';
export * from './errors.ts';
export * from './headers.ts';
export * from './limits.ts';
export * from './recovery-methods.ts';
export * from './routes.ts';
export * from './sign-in-message.ts';
export * from './user.ts';
