export * from './messages';
export * from './roles';
export * from './envelope';
export * from './auth';
export * from './ticket-codes';
