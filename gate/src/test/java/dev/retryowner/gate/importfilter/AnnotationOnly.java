package dev.retryowner.gate.importfilter;

import org.springframework.retry.annotation.Retryable;

/** Names a catalog annotation only as an annotation on a method. */
public class AnnotationOnly {
  @Retryable
  void send() {}
}
