package dev.retryowner.gate;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The front end that ran the gate, and its words: a message that says where to change a setting
 * or what to run says it as the user who reads it would type it. A {@link GateException} is
 * worded when the front end prints it ({@link GateException#messageIn}).
 */
public enum FrontEnd {
  /** The Maven goals: POM parameters, system properties and {@code mvn retry-owner:…}. */
  MAVEN {
    @Override
    public String whereSet(GateOption option) {
      return switch (option) {
        case SOURCE_ENCODING -> "<sourceEncoding> (or project.build.sourceEncoding)";
        case JAVA_RELEASE -> "<javaRelease> (or maven.compiler.release)";
        default -> "<" + element(option) + "> (or -D" + option.property() + ")";
      };
    }

    @Override
    public String command(String goal) {
      return "mvn retry-owner:" + goal;
    }

    @Override
    public String compileFirst() {
      return "run the goal after compile, e.g. mvn verify (or mvn compile retry-owner:check)";
    }

    @Override
    public String turnOn(GateOption flag) {
      return "<" + flag.parameter() + ">true</" + flag.parameter() + "> (or -D" + flag.property()
          + "=true)";
    }
  },
  /** The command line: its options and {@code retry-owner …} commands. */
  COMMAND_LINE {
    @Override
    public String whereSet(GateOption option) {
      return option.option();
    }

    @Override
    public String command(String goal) {
      return "retry-owner " + goal;
    }

    @Override
    public String compileFirst() {
      return "compile them first and name their directory or jar with --classes";
    }

    @Override
    public String turnOn(GateOption flag) {
      return flag.option();
    }
  },
  /** The gate used as a library, as a test or another build tool's plugin does. */
  LIBRARY {
    @Override
    public String whereSet(GateOption option) {
      return "the " + option.parameter() + " setting";
    }

    @Override
    public String command(String goal) {
      return "the " + goal + " goal (" + MAVEN.command(goal) + " or "
          + COMMAND_LINE.command(goal) + ")";
    }

    @Override
    public String compileFirst() {
      return "compile them first";
    }

    @Override
    public String turnOn(GateOption flag) {
      return flag.parameter() + "=true";
    }
  };

  /** Where a setting is changed: {@code <jobsPackage> (or -Dretryowner.jobsPackages)}. */
  public abstract String whereSet(GateOption option);

  /** Where any of several settings is changed, joined with "or". */
  public String whereSet(GateOption... options) {
    return Arrays.stream(options).map(this::whereSet).collect(Collectors.joining(" or "));
  }

  /** The command that runs a goal ({@code check}, {@code baseline}). */
  public abstract String command(String goal);

  /** How a true/false setting is switched on. */
  public abstract String turnOn(GateOption flag);

  /** What to do when the classes to check were not compiled yet. */
  public abstract String compileFirst();

  /** The POM element of one value: {@code <jobsPackage>} of a list, else the parameter's. */
  private static String element(GateOption option) {
    String parameter = option.parameter();
    if (option.kind() != GateOption.Kind.LIST) {
      return parameter;
    }
    return parameter.endsWith("ies") ? parameter.substring(0, parameter.length() - 3) + "y"
        : parameter.replaceFirst("s$", "");
  }
}
