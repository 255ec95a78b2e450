package dev.retryowner.gate.importfilter;

import org.springframework.retry.support.RetryTemplate;

/** A subclass of a catalog type. */
public class TemplateSubclass extends RetryTemplate {}
