// A MongoDB wire-protocol server for tests (see docs/operations.md, "The MongoDB test peer").
export { start, type MongoPeer, type MongoPeerOptions } from './server.js'
export { startMongoForTests, type TestMongo } from './test-mongo.js'
