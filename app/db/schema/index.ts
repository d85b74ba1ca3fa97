export * from './platform'
