export { LocalCheckoutTexts } from '../platform/payments/local-checkout-page';
export * from './factories';
export * from './fake-stripe';
export * from './fixtures';
export * from './generation';
export * from './listings';
export * from './photos';
export * from './s3-server';
export * from './test-server';
