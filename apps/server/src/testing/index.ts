export * from './factories';
export * from './test-server';
