package com.example.jobs;

import okhttp3.OkHttpClient;

/** The job layer retries by its policy, never through a client: its clients send once too. */
public class SettlementJob {
  private final OkHttpClient client = new OkHttpClient.Builder().build(); // expect: HttpClientRetries

  private final OkHttpClient noRetry = new OkHttpClient.Builder()
      .retryOnConnectionFailure(false)
      .build();

  public OkHttpClient client() {
    return client;
  }

  public OkHttpClient noRetry() {
    return noRetry;
  }
}
