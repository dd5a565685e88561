DROP TABLE review_figures;
