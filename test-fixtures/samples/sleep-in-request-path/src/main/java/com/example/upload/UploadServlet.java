package com.example.upload;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.concurrent.TimeUnit;

public class UploadServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;

  @Override
  protected void doPost(HttpServletRequest request, HttpServletResponse response) {
    try {
      TimeUnit.SECONDS.sleep(1); // expect: SleepInRequestPath
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    response.setStatus(202);
  }
}
