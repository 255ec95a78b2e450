package dev.retryowner.gate.importfilter;

/** Names only a class two levels below a catalog type. */
public class UsesSubSubclass {
  TemplateSubSubclass template;
}
