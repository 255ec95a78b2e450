package com.acme.app;

import java.util.function.Supplier;

public class Quotes {
  public String latest(Supplier<String> feed) {
    return feed.get();
  }
}
