"""The test suite's own rules: no wait for elapsed time, the run under load, where the time goes."""
