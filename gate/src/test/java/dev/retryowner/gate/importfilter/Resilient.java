package dev.retryowner.gate.importfilter;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import org.springframework.retry.annotation.Retryable;

/** A user annotation meta-annotated with a catalog annotation. */
@Retryable
@Retention(RetentionPolicy.RUNTIME)
public @interface Resilient {}
