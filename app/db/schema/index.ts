export * from './platform'
export * from './properties'
