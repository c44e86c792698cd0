#!/usr/bin/env node
// `npm test`'s pretest step: the browser tests drive Debian's Chromium and the CalDAV tests run against Debian's
// Radicale. When either is missing and this process may install Debian packages (root, apt-get present), install
// them the way `.ci/run` always did; otherwise stop with one line that says what to install. Nothing else is touched.
import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'

const executable = (path) => {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}
const onPath = (command) => (process.env.PATH ?? '').split(delimiter).some((dir) => dir && executable(join(dir, command)))

/** Debian package -> whether what the tests run is present. */
const TOOLS = [
  { pkg: 'chromium', present: () => executable(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') },
  { pkg: 'radicale', present: () => onPath('radicale') },
]

const missing = TOOLS.filter((tool) => !tool.present()).map((tool) => tool.pkg)
if (missing.length === 0) process.exit(0)

const fail = () => {
  console.error(
    `npm test needs the Debian packages ${missing.join(' and ')}: install them with \`sudo apt-get install -y ${missing.join(' ')}\` and run npm test again.`,
  )
  process.exit(1)
}

const mayInstall = process.getuid?.() === 0 && onPath('apt-get') && process.env.TEST_TOOLS_NO_INSTALL !== '1'
if (!mayInstall) fail()

console.error(`pretest: installing ${missing.join(', ')} (apt-get) for the browser and CalDAV tests`)
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
const run = (args) => spawnSync('apt-get', args, { env, stdio: ['ignore', 'ignore', 'inherit'] }).status === 0
if (!run(['update', '-qq']) || !run(['install', '-y', '-qq', ...missing])) fail()
if (TOOLS.some((tool) => !tool.present())) fail()
