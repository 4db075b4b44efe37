#!/usr/bin/env node
"use strict";
require("node:module").enableCompileCache?.();
require(require("node:path").join(require("node:fs").realpathSync(__filename), "..", "cli.bundle.js"));
