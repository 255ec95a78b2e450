package dev.retryowner.gate.importfilter;

/** Carries only the user annotation that carries a catalog annotation. */
public class MetaAnnotated {
  @Resilient
  void send() {}
}
