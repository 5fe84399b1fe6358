export * from './activity';
export * from './auth';
export * from './cards';
export * from './users';
