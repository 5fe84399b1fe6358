export * from './auth';
export * from './cards';
export * from './common';
export * from './limits';
export * from './market';
export * from './practice';
export * from './route';
export * from './system';
