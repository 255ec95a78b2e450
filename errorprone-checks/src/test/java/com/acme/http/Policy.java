package com.acme.http;

/** Test stub: a retry policy of {@link Client.Builder#policy}. */
public interface Policy {}
