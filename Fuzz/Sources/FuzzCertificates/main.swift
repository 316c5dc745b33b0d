import FuzzDriver

runFuzzer { data, size in fuzzCertificates(data, size) }
