package dev.retryowner.maven.importfilter;

import org.springframework.retry.support.RetryTemplate;

/** A subclass of a catalog type. */
public class TemplateSubclass extends RetryTemplate {}
