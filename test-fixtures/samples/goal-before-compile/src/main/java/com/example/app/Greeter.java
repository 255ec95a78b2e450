package com.example.app;

/** Application code that sends once. */
public class Greeter {
  public String greet(String name) {
    return "Hello " + name;
  }
}
