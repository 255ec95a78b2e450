package dev.retryowner.maven.cache;

import java.io.File;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/**
 * A goal's settings as text, read from its fields so that a parameter added later is part of the
 * cache key without anyone remembering to add it: every non-static field, up to (not including)
 * {@code stopAt}, whose value is plain data (text, numbers, booleans, enums, files, and lists or
 * maps of those). Fields holding Maven's machinery (session, loaders, loggers) are no settings and
 * are left out.
 */
public final class MojoSettings {
  private MojoSettings() {}

  /** The settings of {@code mojo} by {@code Class.field}. */
  public static Map<String, String> of(Object mojo, Class<?> stopAt) {
    Map<String, String> settings = new TreeMap<>();
    for (Class<?> type = mojo.getClass(); type != null && type != stopAt;
        type = type.getSuperclass()) {
      for (Field field : type.getDeclaredFields()) {
        if (Modifier.isStatic(field.getModifiers()) || field.isSynthetic()) {
          continue;
        }
        field.setAccessible(true);
        Object value;
        try {
          value = field.get(mojo);
        } catch (IllegalAccessException e) {
          throw new IllegalStateException("cannot read " + field + " after setAccessible", e);
        }
        if (isPlain(value)) {
          settings.put(type.getSimpleName() + "." + field.getName(), String.valueOf(value));
        }
      }
    }
    return settings;
  }

  private static boolean isPlain(Object value) {
    if (value instanceof Collection<?> values) {
      return values.stream().allMatch(MojoSettings::isPlain);
    }
    if (value instanceof Map<?, ?> map) {
      return map.entrySet().stream()
          .allMatch(entry -> isPlain(entry.getKey()) && isPlain(entry.getValue()));
    }
    return value == null || value instanceof CharSequence || value instanceof Number
        || value instanceof Boolean || value instanceof Character || value instanceof Enum<?>
        || value instanceof File || value instanceof Path;
  }
}
