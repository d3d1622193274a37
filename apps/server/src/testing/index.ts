export * from './factories';
export * from './fixtures';
export * from './generation';
export * from './listings';
export * from './photos';
export * from './test-server';
