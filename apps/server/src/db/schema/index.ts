export * from './cards';
export * from './users';
