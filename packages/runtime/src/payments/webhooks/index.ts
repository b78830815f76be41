// The webhook consumer kit (seed §Events). The SQLite store is not re-exported here so that only
// users who import './sqlite-store.js' load its driver.
export * from '../../webhooks/signing/index.js';
export * from '../../webhooks/exact-json.js';
export * from './event.js';
export * from '../state-table.js';
export * from './reducer.js';
export * from './store.js';
export * from './consumer.js';
export * from './node-http.js';
export * from './payload-check.js';
export * from './table-moves.js';
export * from '../../telemetry/delivery-observer.js';
