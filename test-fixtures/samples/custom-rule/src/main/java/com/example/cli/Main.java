package com.example.cli;

public class Main {
  public static void main(String[] args) {
    if (args.length == 0) {
      System.exit(2); // expect: NoSystemExit
    }
  }
}
