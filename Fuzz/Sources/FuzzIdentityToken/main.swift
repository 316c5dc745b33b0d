import FuzzDriver

runFuzzer { data, size in fuzzIdentityToken(data, size) }
