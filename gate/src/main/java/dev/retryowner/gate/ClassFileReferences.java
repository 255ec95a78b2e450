package dev.retryowner.gate;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.signature.SignatureReader;
import org.objectweb.asm.signature.SignatureVisitor;

/**
 * What one class file names, read from its constant pool with ASM and without parsing a method
 * body: every type it refers to (class constants, and the types in every descriptor and generic
 * signature, which include annotation types, field, parameter and return types and type
 * arguments), every member name of its member references, and its direct supertypes and
 * class-level annotations. All type names are binary names ({@code com.acme.Outer$Inner}).
 *
 * @param className the class the file declares
 * @param supertypes the direct superclass and interfaces
 * @param annotations the class-level annotation types, visible at run time or not
 * @param types every type the constant pool names, the class itself included
 * @param memberNames the names of the fields and methods the class refers to or calls
 * @param watchedMemberOwners the owners of the member references with a watched name (the type
 *     a call names, e.g. {@code com.acme.Worker} for {@code worker.wait()})
 * @param sourcePath the source file javac recorded, as a path below a source root, if any
 */
record ClassFileReferences(String className, List<String> supertypes, List<String> annotations,
    Set<String> types,
    Set<String> memberNames, Set<String> watchedMemberOwners, Optional<String> sourcePath) {
  private static final int UTF8 = 1;
  private static final int CLASS = 7;
  private static final int FIELD_REF = 9;
  private static final int METHOD_REF = 10;
  private static final int INTERFACE_METHOD_REF = 11;
  private static final int NAME_AND_TYPE = 12;

  /**
   * Reads a class file.
   *
   * @param watchedMemberNames the member names whose references' owners to collect
   * @throws IllegalArgumentException or another runtime exception of ASM if the bytes are no
   *     class file
   */
  static ClassFileReferences read(byte[] bytes, Set<String> watchedMemberNames) {
    ClassReader reader = new ClassReader(bytes);
    ConstantPoolText text = new ConstantPoolText(reader, bytes);
    Set<String> types = new HashSet<>();
    Set<String> memberNames = new HashSet<>();
    Set<String> watchedMemberOwners = new HashSet<>();
    for (int item = 1; item < reader.getItemCount(); item++) {
      int offset = reader.getItem(item);
      if (offset == 0) {
        continue; // the unused second slot of a long or double constant
      }
      switch (reader.readByte(offset - 1)) {
        case CLASS -> addClassConstant(text.at(offset), types);
        case NAME_AND_TYPE -> memberNames.add(text.at(offset));
        case UTF8 -> {
          if (mayBeSignature(bytes, offset)) {
            addSignatureTypes(text.item(item), types);
          }
        }
        case FIELD_REF, METHOD_REF, INTERFACE_METHOD_REF -> {
          String name = text.at(reader.getItem(reader.readUnsignedShort(offset + 2)));
          if (watchedMemberNames.contains(name)) {
            String owner = text.at(reader.getItem(reader.readUnsignedShort(offset)));
            if (!owner.startsWith("[")) {
              watchedMemberOwners.add(binaryName(owner));
            }
          }
        }
        default -> { }
      }
    }
    Header header = header(reader);
    types.addAll(header.supertypes);
    types.addAll(header.annotations);
    return new ClassFileReferences(header.className, header.supertypes, header.annotations,
        types, memberNames,
        watchedMemberOwners, header.sourcePath);
  }

  /** The class name, supertypes and annotations only, for types looked up by name. */
  static ClassFileReferences readHeader(byte[] bytes) {
    Header header = header(new ClassReader(bytes));
    return new ClassFileReferences(header.className, header.supertypes, header.annotations,
        Set.of(), Set.of(),
        Set.of(), header.sourcePath);
  }

  private static void addClassConstant(String internalName, Set<String> types) {
    if (internalName.startsWith("[")) {
      addSignatureTypes(internalName, types);
    } else {
      types.add(binaryName(internalName));
    }
  }

  /**
   * Descriptors and signatures start with one of these characters, and name a class type only
   * after an {@code L}. A string constant may look so too; parsing it yields at worst a few names
   * that match nothing, which only keeps a class more.
   */
  private static boolean mayBeSignature(byte[] bytes, int offset) {
    int length = ((bytes[offset] & 0xFF) << 8) | (bytes[offset + 1] & 0xFF);
    if (length < 2) {
      return false;
    }
    byte first = bytes[offset + 2];
    return first == '(' || first == '<' || first == 'L' || first == '[';
  }

  private static void addSignatureTypes(String signature, Set<String> types) {
    if (signature.indexOf('L') < 0) {
      return;
    }
    if (signature.indexOf('<') < 0) {
      addDescriptorTypes(signature, types);
      return;
    }
    TypeCollector collector = new TypeCollector(types);
    try {
      if (signature.startsWith("[")) {
        new SignatureReader(signature).acceptType(collector);
      } else {
        new SignatureReader(signature).accept(collector);
      }
    } catch (RuntimeException notASignature) {
      // a string constant that only looked like one; the names read so far stay, which is safe
    }
  }

  /**
   * The class types of a descriptor, or of a signature without type arguments: each is {@code
   * L<internal name>;}, and no other part of it holds an {@code L} (a type variable's name may,
   * which adds a name that matches nothing). Most constants are such, so this is the fast way:
   * it only calls the JDK's string methods, which the JIT has compiled long before the gate runs.
   */
  private static void addDescriptorTypes(String descriptor, Set<String> types) {
    int start = descriptor.indexOf('L');
    while (start >= 0) {
      int end = descriptor.indexOf(';', start + 1);
      if (end < 0) {
        return; // no descriptor after all
      }
      if (end > start + 1) {
        types.add(binaryName(descriptor.substring(start + 1, end)));
      }
      start = descriptor.indexOf('L', end + 1);
    }
  }

  private static String binaryName(String internalName) {
    return internalName.replace('/', '.');
  }

  private record Header(String className, List<String> supertypes, List<String> annotations,
      Optional<String> sourcePath) {}

  /**
   * The class name, supertypes, annotations and source file, read from the class file's
   * structure directly: ASM's visitor would also decode every field and method only to skip
   * them.
   */
  private static Header header(ClassReader reader) {
    String className = binaryName(reader.getClassName());
    List<String> supertypes = new ArrayList<>();
    if (reader.getSuperName() != null) {
      supertypes.add(binaryName(reader.getSuperName()));
    }
    for (String anInterface : reader.getInterfaces()) {
      supertypes.add(binaryName(anInterface));
    }
    List<String> annotations = new ArrayList<>();
    char[] buffer = new char[reader.getMaxStringLength()];
    // access_flags, this_class, super_class, interfaces_count, then the interfaces
    int offset = reader.header + 8 + 2 * reader.readUnsignedShort(reader.header + 6);
    offset = skipMembers(reader, offset); // fields
    offset = skipMembers(reader, offset); // methods
    String source = null;
    int attributes = reader.readUnsignedShort(offset);
    offset += 2;
    for (int i = 0; i < attributes; i++) {
      String name = reader.readUTF8(offset, buffer);
      int body = offset + 6;
      switch (name) {
        case "SourceFile" -> source = reader.readUTF8(body, buffer);
        case "RuntimeVisibleAnnotations", "RuntimeInvisibleAnnotations" -> {
          int annotation = body + 2;
          for (int count = reader.readUnsignedShort(body); count > 0; count--) {
            annotations.add(Type.getType(reader.readUTF8(annotation, buffer)).getClassName());
            annotation = skipAnnotation(reader, annotation);
          }
        }
        default -> { }
      }
      offset = body + reader.readInt(offset + 2);
    }
    int packageEnd = reader.getClassName().lastIndexOf('/');
    Optional<String> sourcePath = Optional.ofNullable(source)
        .map(file -> packageEnd < 0 ? file
            : reader.getClassName().substring(0, packageEnd + 1) + file);
    return new Header(className, supertypes, annotations, sourcePath);
  }

  /** Skips a fields or methods table: count, then each member's 6 bytes and its attributes. */
  private static int skipMembers(ClassReader reader, int offset) {
    int members = reader.readUnsignedShort(offset);
    offset += 2;
    for (int i = 0; i < members; i++) {
      int attributes = reader.readUnsignedShort(offset + 6);
      offset += 8;
      for (int a = 0; a < attributes; a++) {
        offset += 6 + reader.readInt(offset + 2);
      }
    }
    return offset;
  }

  /** Skips an annotation structure: its type, then its element-value pairs. */
  private static int skipAnnotation(ClassReader reader, int offset) {
    int pairs = reader.readUnsignedShort(offset + 2);
    offset += 4;
    for (int i = 0; i < pairs; i++) {
      offset = skipElementValue(reader, offset + 2);
    }
    return offset;
  }

  private static int skipElementValue(ClassReader reader, int offset) {
    return switch (reader.readByte(offset)) {
      case 'e' -> offset + 5;
      case '@' -> skipAnnotation(reader, offset + 1);
      case '[' -> {
        int next = offset + 3;
        for (int count = reader.readUnsignedShort(offset + 1); count > 0; count--) {
          next = skipElementValue(reader, next);
        }
        yield next;
      }
      default -> offset + 3; // a constant, a string or a class: one constant pool index
    };
  }

  /**
   * The constant pool's UTF-8 constants as strings, each decoded once. The JDK's UTF-8 decoder
   * does it (a fast copy for ASCII, which nearly all names are); the class file's modified UTF-8
   * differs from UTF-8 only for the NUL character and characters beyond the BMP, which the JDK
   * decoder replaces with U+FFFD, and those are decoded again by the modified rules.
   */
  private static final class ConstantPoolText {
    private final ClassReader reader;
    private final byte[] bytes;
    private final String[] decoded;

    ConstantPoolText(ClassReader reader, byte[] bytes) {
      this.reader = reader;
      this.bytes = bytes;
      this.decoded = new String[reader.getItemCount()];
    }

    /** The UTF-8 constant whose index is at {@code offset} (as in a class or name constant). */
    String at(int offset) {
      return item(reader.readUnsignedShort(offset));
    }

    /** The UTF-8 constant at index {@code item}. */
    String item(int item) {
      String text = decoded[item];
      if (text == null) {
        text = decode(reader.getItem(item));
        decoded[item] = text;
      }
      return text;
    }

    private String decode(int offset) {
      int length = ((bytes[offset] & 0xFF) << 8) | (bytes[offset + 1] & 0xFF);
      String text = new String(bytes, offset + 2, length, StandardCharsets.UTF_8);
      if (text.indexOf('\uFFFD') < 0) {
        return text;
      }
      try {
        return new DataInputStream(new ByteArrayInputStream(bytes, offset, length + 2))
            .readUTF();
      } catch (IOException e) {
        // Bytes in memory: the only failure is a malformed constant, a fault of the class file.
        throw new IllegalArgumentException("malformed modified UTF-8 in its constant pool ("
            + e.getMessage() + ")", e);
      }
    }
  }

  /** Collects the class types of a signature, nested ones by their binary name. */
  private static final class TypeCollector extends SignatureVisitor {
    private final Set<String> types;
    /** The class types being read, innermost last: type arguments nest inside a type. */
    private final Deque<String> open = new ArrayDeque<>();

    TypeCollector(Set<String> types) {
      super(Opcodes.ASM9);
      this.types = types;
    }

    @Override
    public void visitClassType(String name) {
      open.push(binaryName(name));
      types.add(open.peek());
    }

    @Override
    public void visitInnerClassType(String name) {
      String outer = open.isEmpty() ? "" : open.pop() + "$";
      open.push(outer + name);
      types.add(open.peek());
    }

    @Override
    public void visitEnd() {
      open.poll();
    }
  }
}
