import FuzzDriver

runFuzzer { data, size in fuzzJWTTool(data, size) }
