// A MongoDB wire-protocol server for tests (see docs/operations.md, "The MongoDB test peer").
export { type MongoPeer, type MongoPeerOptions, start } from './server.js'
export { startMongoForTests, type TestMongo } from './test-mongo.js'
