package dev.retryowner.gate.importfilter;

/** A subclass of a subclass of a catalog type, naming no catalog type itself. */
public class TemplateSubSubclass extends TemplateSubclass {}
