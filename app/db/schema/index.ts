export * from './platform'
export * from './properties'
export * from './attachments'
export * from './marketing'
