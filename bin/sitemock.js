#!/usr/bin/env node
import '../dist/esm/cli.js'
