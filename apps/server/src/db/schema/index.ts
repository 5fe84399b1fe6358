export * from './activity';
export * from './ai';
export * from './auth';
export * from './cards';
export * from './market';
export * from './social';
export * from './users';
